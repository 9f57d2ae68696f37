# docs/scdoc.cmake: renders one scdoc source into a man page (cmake -DSCDOC= -DIN= -DOUT= -P).
# scdoc reads standard input and writes standard output; a failure removes
# the half-written page so the next build tries again.
execute_process(COMMAND ${SCDOC} INPUT_FILE ${IN} OUTPUT_FILE ${OUT} ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT})
  message(FATAL_ERROR "scdoc failed on ${IN}: ${err}")
endif()
